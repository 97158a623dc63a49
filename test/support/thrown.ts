/** The error of class `type` that `act` throws; fails the test when it throws nothing or something else. */
export function thrown<E extends Error>(type: new (...args: never[]) => E, act: () => unknown): E {
  try {
    act();
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`expected ${type.name} to be thrown`);
}
