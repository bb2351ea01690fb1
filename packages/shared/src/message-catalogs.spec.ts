import { flattenMessages } from './message-catalogs';

describe('flattenMessages', () => {
  it('names each message by its path, at any depth, keeping non-text values for the checks to see', () => {
    const flat = flattenMessages({ app: { title: 'Titre', menu: { list: 'Liste', empty: '' } }, count: 3 });
    expect([...flat]).toEqual([
      ['app.title', 'Titre'],
      ['app.menu.list', 'Liste'],
      ['app.menu.empty', ''],
      ['count', 3],
    ]);
  });
});
