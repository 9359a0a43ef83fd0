/** Spec, Public helpers: the branding images served at `/v1/public/branding/assets/{kind}`. */
export const BRANDING_ASSET_KINDS = ['logo', 'favicon', 'login_background'] as const;
export type BrandingAssetKind = (typeof BRANDING_ASSET_KINDS)[number];

/** One uploaded branding image of a workspace's sign-in pages. */
export interface SignInAsset {
  readonly workspaceId: string;
  readonly kind: BrandingAssetKind;
  readonly contentType: string;
  readonly bytes: Uint8Array;
  readonly updatedAt: Date;
}
