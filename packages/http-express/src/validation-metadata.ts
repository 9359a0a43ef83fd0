import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type ValidationMetadata = ReturnType<Storage['getTargetValidationMetadatas']>[number];
type Grouped = ReturnType<Storage['groupByPropertyName']>;

const remembered = new WeakSet<Storage>();

/**
 * Makes class-validator look up each DTO class's rules once rather than on
 * every validation. Left alone, every `validateSync` walks every registered
 * DTO class with `instanceof` to collect inherited rules, then regroups them
 * by property: about 4 µs of a membership create's CPU, for an answer that
 * changes only when a class is declared. A rule registered later (a module
 * loaded after the first request) forgets every answer kept so far.
 *
 * Only the calls this API makes are kept: no groups, no schema, the default
 * `always` and `strictGroups`. Any other call goes to class-validator as is.
 */
export function rememberValidationMetadata(storage: Storage = getMetadataStorage()): void {
  if (remembered.has(storage)) return;
  remembered.add(storage);
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let byClass = new Map<Parameters<Storage['getTargetValidationMetadatas']>[0], ValidationMetadata[]>();
  // By the array itself: a kept answer is grouped once, a new one afresh.
  let grouped = new WeakMap<ValidationMetadata[], Grouped>();

  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (schema || always || strictGroups || (groups && groups.length > 0)) {
      return lookUp(target, schema, always, strictGroups, groups);
    }
    let found = byClass.get(target);
    if (!found) {
      found = lookUp(target, schema, always, strictGroups, groups);
      byClass.set(target, found);
    }
    return found;
  };
  storage.groupByPropertyName = (metadata) => {
    let found = grouped.get(metadata);
    if (!found) {
      found = group(metadata);
      grouped.set(metadata, found);
    }
    return found;
  };
  storage.addValidationMetadata = (metadata) => {
    byClass = new Map();
    grouped = new WeakMap();
    add(metadata);
  };
}
