import { invalid } from '../shared/domain-error';
import { Limits } from '../shared/limits';
import { BRANDING_ASSET_KINDS, type BrandingAssetKind, type SignInAsset } from './sign-in-asset';

/**
 * The branding of a workspace's sign-in pages, as stored in
 * `SignInConfig.branding`. Colours are validated `#rrggbb` (lowercase), so
 * the public theme CSS can only ever hold these values. Images live in the
 * asset repository; the record keeps what the public URLs and caches need.
 */
export interface Branding {
  readonly displayName: string | null;
  readonly primaryColor: string | null;
  readonly backgroundColor: string | null;
  readonly textColor: string | null;
  readonly images: Partial<Record<BrandingAssetKind, BrandingImageInfo>>;
}

export interface BrandingImageInfo {
  readonly contentType: BrandingContentType;
  readonly sizeBytes: number;
  /** ISO timestamp (the record is stored as JSON). */
  readonly updatedAt: string;
}

export const BRANDING_COLOR_FIELDS = ['primaryColor', 'backgroundColor', 'textColor'] as const;
export type BrandingColorField = (typeof BRANDING_COLOR_FIELDS)[number];

/** The image types sign-in pages may show. SVG is served sandboxed (`Content-Security-Policy: sandbox`). */
export const BRANDING_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/x-icon',
  'image/svg+xml',
] as const;
export type BrandingContentType = (typeof BRANDING_CONTENT_TYPES)[number];

/** A PUT's branding changes: an absent field is unchanged, null clears it. */
export interface BrandingInput {
  readonly displayName?: string | null;
  readonly primaryColor?: string | null;
  readonly backgroundColor?: string | null;
  readonly textColor?: string | null;
  readonly images?: Partial<Record<BrandingAssetKind, BrandingImageInput | null>>;
}

/** An uploaded image (the HTTP adapter decodes the data URL). */
export interface BrandingImageInput {
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

export const NO_BRANDING: Branding = {
  displayName: null,
  primaryColor: null,
  backgroundColor: null,
  textColor: null,
  images: {},
};

const COLOR = /^#[0-9a-f]{6}$/;
const SNAKE: Record<BrandingColorField, string> = {
  primaryColor: 'primary_color',
  backgroundColor: 'background_color',
  textColor: 'text_color',
};

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The stored record read defensively: anything not of the expected shape reads as unset. */
export function brandingOf(stored: Record<string, unknown> | null): Branding {
  if (!stored) return NO_BRANDING;
  const color = (v: unknown) => {
    const c = text(v);
    return c && COLOR.test(c) ? c : null;
  };
  const images: Partial<Record<BrandingAssetKind, BrandingImageInfo>> = {};
  const rawImages = (stored.images ?? {}) as Record<string, unknown>;
  for (const kind of BRANDING_ASSET_KINDS) {
    const info = rawImages[kind] as Partial<BrandingImageInfo> | undefined;
    if (info && BRANDING_CONTENT_TYPES.includes(info.contentType as BrandingContentType))
      images[kind] = {
        contentType: info.contentType as BrandingContentType,
        sizeBytes: Number(info.sizeBytes) || 0,
        updatedAt: text(info.updatedAt) ?? new Date(0).toISOString(),
      };
  }
  return {
    displayName: text(stored.displayName),
    primaryColor: color(stored.primaryColor),
    backgroundColor: color(stored.backgroundColor),
    textColor: color(stored.textColor),
    images,
  };
}

/** The record stored in `SignInConfig.branding`; null when nothing is set. */
export function brandingRecord(branding: Branding): Record<string, unknown> | null {
  const empty =
    branding.displayName === null &&
    BRANDING_COLOR_FIELDS.every((f) => branding[f] === null) &&
    Object.keys(branding.images).length === 0;
  return empty ? null : { ...branding, images: { ...branding.images } };
}

const refuse = (code: string, field: string, message: string) =>
  invalid(code, `branding.${field} ${message}`, [{ field: `branding.${field}`, message }]);

function requireColor(field: BrandingColorField, value: string | null): string | null {
  if (value === null) return null;
  const lower = value.trim().toLowerCase();
  if (!COLOR.test(lower)) throw refuse('invalid_branding', SNAKE[field], 'must be a colour written #rrggbb');
  return lower;
}

function requireDisplayName(value: string | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (trimmed.length > Limits.brandingDisplayNameMax)
    throw refuse(
      'invalid_branding',
      'display_name',
      `must be at most ${Limits.brandingDisplayNameMax} characters`,
    );
  if (/[\p{Cc}\u2028\u2029]/u.test(trimmed))
    throw refuse('invalid_branding', 'display_name', 'must not hold control characters');
  return trimmed.length === 0 ? null : trimmed;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((b, i) => bytes[at + i] === b);

/** What the bytes are, from their first bytes; null when none of the allowed types. */
export function sniffImageType(bytes: Uint8Array): BrandingContentType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return 'image/x-icon';
  // SVG is text: optional BOM and whitespace, then an XML declaration, comment or doctype, or <svg.
  let head = '';
  for (const b of bytes.subarray(0, 1024)) head += String.fromCharCode(b);
  head = head.replace(/^\xef\xbb\xbf/, '').trimStart();
  if (head.startsWith('<') && /<svg[\s>]/i.test(head)) return 'image/svg+xml';
  return null;
}

const CONTENT_TYPE_ALIASES: Record<string, BrandingContentType> = {
  'image/jpg': 'image/jpeg',
  'image/vnd.microsoft.icon': 'image/x-icon',
};

/**
 * An image is one of the allowed types, declared and actually so (the
 * first bytes must agree with the declared type, so nothing served as an
 * image is secretly HTML), non-empty and at most the byte limit.
 */
export function requireBrandingImage(
  kind: BrandingAssetKind,
  image: BrandingImageInput,
): BrandingImageInput & {
  contentType: BrandingContentType;
} {
  const declared = image.contentType.trim().toLowerCase();
  const contentType = CONTENT_TYPE_ALIASES[declared] ?? declared;
  if (!BRANDING_CONTENT_TYPES.includes(contentType as BrandingContentType))
    throw refuse(
      'invalid_branding_image',
      kind,
      `must be a data URL of one of ${BRANDING_CONTENT_TYPES.join(', ')}`,
    );
  if (image.bytes.length === 0) throw refuse('invalid_branding_image', kind, 'is empty');
  if (image.bytes.length > Limits.brandingAssetBytesMax)
    throw refuse(
      'invalid_branding_image',
      kind,
      `must be at most ${Limits.brandingAssetBytesMax / 1024} KiB once decoded`,
    );
  if (sniffImageType(image.bytes) !== contentType)
    throw refuse('invalid_branding_image', kind, `does not hold ${contentType} data`);
  return { contentType: contentType as BrandingContentType, bytes: image.bytes };
}

/** Every field of the input checked (422 naming the field) before anything changes. */
export function requireBrandingInput(input: BrandingInput): BrandingInput {
  const out: {
    -readonly [K in keyof BrandingInput]: BrandingInput[K];
  } = {};
  if (input.displayName !== undefined) out.displayName = requireDisplayName(input.displayName);
  for (const field of BRANDING_COLOR_FIELDS) {
    const value = input[field];
    if (value !== undefined) out[field] = requireColor(field, value);
  }
  if (input.images) {
    const images: Partial<Record<BrandingAssetKind, BrandingImageInput | null>> = {};
    for (const kind of BRANDING_ASSET_KINDS) {
      const image = input.images[kind];
      if (image === undefined) continue;
      images[kind] = image === null ? null : requireBrandingImage(kind, image);
    }
    out.images = images;
  }
  return out;
}

export interface BrandingChange {
  readonly branding: Branding;
  readonly saveAssets: SignInAsset[];
  readonly deleteAssets: BrandingAssetKind[];
  /** The fields that changed, snake_case, for the audit. */
  readonly changed: string[];
}

/** Applies a checked input to the current branding: absent fields unchanged, null clears. */
export function applyBranding(
  workspaceId: string,
  current: Branding,
  input: BrandingInput,
  now: Date,
): BrandingChange {
  const changed: string[] = [];
  const next = { ...current, images: { ...current.images } } as {
    -readonly [K in keyof Branding]: Branding[K];
  };
  if (input.displayName !== undefined && input.displayName !== current.displayName) {
    next.displayName = input.displayName;
    changed.push('display_name');
  }
  for (const field of BRANDING_COLOR_FIELDS) {
    const value = input[field];
    if (value !== undefined && value !== current[field]) {
      next[field] = value;
      changed.push(SNAKE[field]);
    }
  }
  const saveAssets: SignInAsset[] = [];
  const deleteAssets: BrandingAssetKind[] = [];
  for (const kind of BRANDING_ASSET_KINDS) {
    const image = input.images?.[kind];
    if (image === undefined) continue;
    if (image === null) {
      if (!current.images[kind]) continue;
      delete next.images[kind];
      deleteAssets.push(kind);
    } else {
      const contentType = image.contentType as BrandingContentType;
      next.images[kind] = { contentType, sizeBytes: image.bytes.length, updatedAt: now.toISOString() };
      saveAssets.push({ workspaceId, kind, contentType, bytes: image.bytes, updatedAt: now });
    }
    changed.push(kind);
  }
  return { branding: next, saveAssets, deleteAssets, changed };
}

/**
 * The public address of a branding image (spec, Public helpers); the same
 * form everywhere a logo is linked (invite-link inspect's `logo_url` too).
 */
export const brandingAssetUrl = (publicBaseUrl: string, workspaceId: string, kind: BrandingAssetKind) =>
  `${publicBaseUrl}/v1/public/branding/assets/${kind}?workspace_id=${workspaceId}`;

/**
 * The theme CSS of a workspace's sign-in pages: custom properties from the
 * branding colours. Only values that pass `#rrggbb` reach it (brandingOf
 * reads anything else as unset), so nothing a customer typed can escape
 * the declaration.
 */
export function themeCss(branding: Branding): string {
  const lines: string[] = [];
  const add = (name: string, value: string | null) => {
    if (value !== null && COLOR.test(value)) lines.push(`  --signin-${name}: ${value};`);
  };
  add('primary-color', branding.primaryColor);
  add('background-color', branding.backgroundColor);
  add('text-color', branding.textColor);
  return `:root {\n${lines.join('\n')}${lines.length ? '\n' : ''}}\n`;
}
