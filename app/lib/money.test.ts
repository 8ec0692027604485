import { describe, expect, it } from 'vitest'
import { formatPrice, isCurrencyCode, minorDigits, toMajorUnits, toMinorUnits } from './money'

describe('money', () => {
  it('knows how many minor digits a currency has', () => {
    expect(minorDigits('USD')).toBe(2)
    expect(minorDigits('JPY')).toBe(0)
  })

  it('reads a typed price in the minor unit, refusing what the currency cannot hold', () => {
    expect(toMinorUnits('7.50', 'USD')).toBe(750)
    expect(toMinorUnits('7.5', 'EUR')).toBe(750)
    expect(toMinorUnits('12', 'GBP')).toBe(1200)
    expect(toMinorUnits('0.07', 'USD')).toBe(7)
    expect(toMinorUnits('800', 'JPY')).toBe(800)
    expect(toMinorUnits('800.00', 'JPY')).toBe(800)
    expect(toMinorUnits('800.5', 'JPY')).toBeNull()
    expect(toMinorUnits('7.505', 'USD')).toBeNull()
    expect(toMinorUnits('seven', 'USD')).toBeNull()
    expect(toMinorUnits('-1', 'USD')).toBeNull()
  })

  it('writes a stored amount back as it is typed, and for a reader', () => {
    expect(toMajorUnits(750, 'USD')).toBe('7.50')
    expect(toMajorUnits(800, 'JPY')).toBe('800')
    expect(formatPrice(750, 'USD')).toBe('$7.50')
    expect(formatPrice(1200, 'USD')).toBe('$12')
    expect(formatPrice(800, 'JPY')).toBe('¥800')
    expect(formatPrice(9900, 'EUR')).toBe('€99')
  })

  it('knows the codes it offers', () => {
    expect(isCurrencyCode('EUR')).toBe(true)
    expect(isCurrencyCode('XYZ')).toBe(false)
  })
})
