export { LazyDropdown } from './LazyDropdown';
