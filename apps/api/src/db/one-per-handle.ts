/**
 * A thing made once for each handle it is asked for (a database handle's statements, its queues, its reads under
 * way), the first time it is asked for, and forgotten with the handle.
 */
export function onePerHandle<Handle extends object, Made>(make: (handle: Handle) => Made): (handle: Handle) => Made {
  const made = new WeakMap<Handle, Made>();
  return (handle) => {
    let existing = made.get(handle);
    if (existing === undefined) {
      existing = make(handle);
      made.set(handle, existing);
    }
    return existing;
  };
}
