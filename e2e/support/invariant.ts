// The journeys use the invariant helpers of the contract package (docs/ARCHITECTURE.md, indexed access).
export { defined, first, nth } from '../../packages/contract/src/invariant';
