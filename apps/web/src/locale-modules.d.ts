/** The two parts of the Norwegian texts (build/locale-split.ts). */
declare module 'virtual:locale-no-core' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module 'virtual:locale-no-pages' {
  const texts: Record<string, unknown>;
  export default texts;
}
