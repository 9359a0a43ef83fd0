import { invalid } from '../shared/domain-error';
import { Limits } from '../shared/limits';

const SLUG = /^[a-z0-9-]+$/;

/** Spec, App: lowercase letters, digits and hyphens, 1 to 63 characters. Nothing is normalised. */
export function requireAppSlug(value: string, field = 'slug'): string {
  const { min, max } = Limits.appSlug;
  if (value.length < min || value.length > max || !SLUG.test(value)) {
    const rule = `must be ${min} to ${max} lowercase letters, digits or hyphens`;
    throw invalid('invalid_app_slug', `${field} ${rule}`, [{ field, message: rule }]);
  }
  return value;
}
