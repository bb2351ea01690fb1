import { TEMPLATE_DEFINITIONS, type TemplateDefinition, type TemplateType } from '@esign/shared';

/** The templates that can be filled in: only those with a definition (the others are still being written). */
export function availableTemplates(): TemplateDefinition[] {
  return Object.values<TemplateDefinition | undefined>(TEMPLATE_DEFINITIONS).filter(
    (definition): definition is TemplateDefinition => definition !== undefined,
  );
}

export function templateDefinition(type: TemplateType | null): TemplateDefinition | null {
  return type ? (availableTemplates().find((definition) => definition.type === type) ?? null) : null;
}
