/**
 * Several plain messages at once, as { key: text }, for a client component that takes its strings
 * as props. `t` is a namespace's translator, so a key it does not have is a type error.
 */
export function textsOf<Key extends string>(t: (key: Key) => string, keys: readonly Key[]): Record<Key, string> {
  // Each of `keys` gets its text here, which is all Record<Key, string> promises.
  return Object.fromEntries(keys.map((key) => [key, t(key)])) as Record<Key, string>;
}
