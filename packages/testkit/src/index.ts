export * from './fakes/fake-deps';
export * from './fakes/fakes';
export * from './fakes/in-memory-repositories';
export * from './fakes/in-memory-unit-of-work';
export * from './fakes/in-memory-stores';
