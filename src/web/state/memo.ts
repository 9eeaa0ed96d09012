/** A function of an (immutable) object, computed once per object and forgotten with it. */
export function memoByObject<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>()
  return (key) => {
    if (cache.has(key)) return cache.get(key) as V
    const value = compute(key)
    cache.set(key, value)
    return value
  }
}
