/*
 * JSON body limits. Ordinary routes take `bodyLimit` (100 kB); routes whose
 * spec allows long text take more, so that every body within the spec's
 * character limits is accepted however the client encodes it: 20,000
 * characters written as JSON escapes of astral characters (`\ud83d\ude00`,
 * 12 bytes each, as Python's `json.dumps` does by default) are 240 kB.
 */

/** Support create and reply: subject, context and a description or reply of up to 20,000 characters. */
const SUPPORT_TEXT =
  /^\/v1\/(?:organizations\/[^/]+\/support|operator\/support)\/tickets(?:\/[^/]+\/messages)?\/?$/;

/** Secret upsert: a value of up to 10,000 characters and a description of up to 255 (about 125 kB escaped). */
const SECRET_VALUE = /^\/v1\/workspaces\/[^/]+\/secrets\/[^/]+\/?$/;

export const LONG_TEXT_BODY_LIMIT = '384kb';

/** Whether a request path is one of the long-text routes above. */
export const takesLongText = (path: string): boolean => SUPPORT_TEXT.test(path) || SECRET_VALUE.test(path);

/** Release content: raw bytes of up to 32 MiB, streamed to the blob store by the route, never parsed. */
const RELEASE_CONTENT = /^\/v1\/workspaces\/[^/]+\/apps\/[^/]+\/releases\/[^/]+\/content\/?$/;

/** Whether a request path takes raw bytes, so no JSON parser may read (or buffer) its body. */
export const takesRawBytes = (path: string): boolean => RELEASE_CONTENT.test(path);

/** PUT auth: branding images come as data URLs (three of at most 512 KiB each, base64). */
const SIGN_IN_CONFIG = /^\/v1\/workspaces\/[^/]+\/auth\/?$/;

export const BRANDING_BODY_LIMIT = '2560kb';

/** Whether a request path is the sign-in configuration, whose body may carry branding images. */
export const takesBrandingImages = (path: string): boolean => SIGN_IN_CONFIG.test(path);

/**
 * PUT of grant lists: the Access document, a collection's ACL, an app's
 * access setting. The spec bounds neither custom roles nor collections, and
 * a document the server answers must go back (a few hundred kB for ten
 * roles on sixty collections); 2 MB is some 25,000 grants.
 */
const GRANT_LISTS =
  /^\/v1\/workspaces\/[^/]+\/(?:access|apps\/[^/]+\/access|vault\/collections\/[^/]+\/acl)\/?$/;

export const GRANT_LISTS_BODY_LIMIT = '2mb';

/** Whether a request path is one of the grant lists above. */
export const takesGrantLists = (path: string): boolean => GRANT_LISTS.test(path);
