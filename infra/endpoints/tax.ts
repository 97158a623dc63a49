/** Tax (spec 4.9): income tax tables, calculator, property tax. */
export const taxEndpoints = {};
