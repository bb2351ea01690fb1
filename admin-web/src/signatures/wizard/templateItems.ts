import { type TemplateItemValues, type TemplateValues, itemValues } from './templateValues';

/** Editing the repeated groups of a template form: parties, beneficial owners, parcels, lots. */
export type TemplateItemAction =
  | { type: 'setTemplateItemValue'; list: string; index: number; name: string; value: string | boolean }
  | { type: 'addTemplateItem'; list: string }
  | { type: 'removeTemplateItem'; list: string; index: number };

function withItems(values: TemplateValues, list: string, items: TemplateItemValues[]): TemplateValues {
  return { ...values, [list]: items };
}

export function applyTemplateItemAction(values: TemplateValues, action: TemplateItemAction): TemplateValues {
  const items = itemValues(values, action.list);
  switch (action.type) {
    case 'setTemplateItemValue':
      return withItems(
        values,
        action.list,
        items.map((item, index) =>
          index === action.index ? { ...item, [action.name]: action.value } : item,
        ),
      );
    case 'addTemplateItem':
      return withItems(values, action.list, [...items, {}]);
    case 'removeTemplateItem':
      return withItems(
        values,
        action.list,
        items.filter((_, index) => index !== action.index),
      );
  }
}

/** The errors an action makes stale: the field typed in, or (items renumbering) the whole group's. */
export function staleErrorPaths(action: TemplateItemAction): (path: string) => boolean {
  const list = `formData.${action.list}`;
  switch (action.type) {
    case 'setTemplateItemValue':
      return (path) => path === list || path === `${list}.${action.index}.${action.name}`;
    case 'addTemplateItem':
      return (path) => path === list;
    case 'removeTemplateItem':
      return (path) => path === list || path.startsWith(`${list}.`);
  }
}
