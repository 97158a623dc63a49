/**
 * The largest request body the API accepts: 4 MB (4,194,304 bytes), in Lambda and locally alike (CONTRACT
 * "Errors"). API Gateway passes a binary body to Lambda base64-encoded (4 bytes for every 3) inside Lambda's
 * 6 MB invocation payload, so a larger upload could not reach the function: it would get the gateway's own
 * error instead of our JSON 413. No dependencies: the registry's definitions import it.
 */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
