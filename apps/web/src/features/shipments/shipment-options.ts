/** A select's options, with the stored value first when the list lacks it, so it is shown as it is. */
export function withCurrent(options: readonly string[], current: string): readonly string[] {
  return current === '' || options.includes(current) ? options : [current, ...options];
}
