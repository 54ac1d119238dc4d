/**
 * The type of a language's dictionary: the Portuguese source's shape with every text a string. Each
 * dictionary's pt_BR exports `Strings<typeof ptBR>` and the other languages are typed with it, so a missing
 * or extra key is a compile error (and a test failure in i18n.test.ts).
 */
export type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
