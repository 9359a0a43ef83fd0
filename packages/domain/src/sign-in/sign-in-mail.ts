/** The key-management context a workspace's custom mail password is sealed under. */
export const mailPasswordContext = (workspaceId: string) => `sign-in-mail-password:${workspaceId}`;
