import { invalid } from '../shared/domain-error';
import { Limits } from '../shared/limits';

const NAME = /^[a-z][a-z0-9_-]*$/;

/** Supplement §17: 1 to 63 lowercase letters, digits, `_` or `-`, starting with a letter. */
export function requireCollectionName(value: string, field = 'name'): string {
  const { min, max } = Limits.collectionName;
  if (value.length < min || value.length > max || !NAME.test(value)) {
    const rule = `must be ${min} to ${max} lowercase letters, digits, _ or -, starting with a letter`;
    throw invalid('invalid_collection_name', `${field} ${rule}`, [{ field, message: rule }]);
  }
  return value;
}
