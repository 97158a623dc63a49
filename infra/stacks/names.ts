/** A registry or table name as a CDK construct id: counter → Counter. */
export const constructId = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
