/** How many of a fund's largest holdings a profile keeps and /v1/mutualfund serves. */
export const TOP_HOLDINGS = 10;
