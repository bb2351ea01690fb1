/**
 * What every action of the back office passes to react-query's `useMutation`, so that it behaves as a
 * plain request would:
 * - react-query holds a mutation while the browser reports itself offline and runs it when the network
 *   returns; a button would then wait with no word. An action runs at once, and a failure is told at once.
 * - a finished action is not kept in react-query's cache once its component is gone: its answer (a
 *   generated PDF, say) lives where the component put it, not in a second copy for minutes.
 */
export const MUTATION_OPTIONS = { networkMode: 'always', gcTime: 0 } as const;
