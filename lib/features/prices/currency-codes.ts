/**
 * The currencies a price may be in: the active codes of ISO 4217 (List One, 2025),
 * funds and precious metals included, without `XTS` (reserved for testing) and `XXX`
 * (no currency), which no price can be in. Kept here rather than read from the runtime's ICU
 * data so the same code is accepted on every Node build.
 */
const iso4217 = `
AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP
BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR
FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES
KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR
MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF
SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD
TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR
XOF XPD XPF XPT XSU XUA YER ZAR ZMW ZWG ZWL`;

export const currencyCodes: ReadonlySet<string> = new Set(iso4217.trim().split(/\s+/));

/** True for a code of the list above, written as ISO 4217 writes it (three upper-case letters). */
export function isCurrencyCode(text: string): boolean {
  return currencyCodes.has(text);
}
