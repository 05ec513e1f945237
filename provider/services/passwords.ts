/** Loaded at the first login or registration, not at start (decision 0153). */
const argon2 = () => import("@node-rs/argon2");

/** argon2id (the library's default algorithm) with its default cost (19 MiB, t=2). */
export const hashPassword = async (password: string): Promise<string> => (await argon2()).hash(password);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  const { verify } = await argon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

let dummyHash: Promise<string> | undefined;
/** Verifying against a throwaway hash makes "unknown phone" cost the same time as "wrong password". */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password");
  await verifyPassword(await dummyHash, password);
}
