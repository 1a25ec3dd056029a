export async function smokeTest(..._args: unknown[]): Promise<void> {}
