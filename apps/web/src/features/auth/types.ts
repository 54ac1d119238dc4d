/** The app's sign-in flow, handed to the forms: the token in, user info fetched, the start mask shown. */
export type SignedIn = (token: string, after?: { firstDeposit?: boolean }) => Promise<void>;
