import { numberFormat } from './numbers'

/** The site's one currency, the Brazilian real: conversion events, stored leads, the calculator's amounts. */
export const CURRENCY = 'BRL'

const money = numberFormat({ style: 'currency', currency: CURRENCY, minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** An amount in reais, pt-BR, always two decimals: 'R$ 1.234,56'. */
export const formatMoney = (value: number) => money.format(value)
