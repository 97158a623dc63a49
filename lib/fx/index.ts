/** Currency conversion from the ingested ECB euro foreign exchange reference rates (see each module). */
export { convertFromUsd, usdConversion, usdCrossRate, type Converted, type UsdConversion } from './convert';
export { currencyParam, ECB_CURRENCIES, ISO_4217_CODES, isIsoCurrency, isSupportedCurrency } from './currencies';
