export { applyLocale, storedLocale } from '@esign/shared';
