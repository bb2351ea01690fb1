import {
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { saveBlob } from '../../api/documents';
import { interpolate } from '../../i18n/format';
import { useI18n } from '../../i18n/I18nProvider';
import { useToasts } from '../toasts/ToastProvider';
import { type PdfDocument, pageGeometries } from './pdfDocument';
import { usePdfDocument } from './pdfOpening';
import { PdfPages } from './PdfPages';
import { printPdf } from './printPdf';
import { PropertiesDialog } from './PropertiesDialog';
import { SearchBar } from './SearchBar';
import { type PageGeometry, type ViewerCommands } from './types';
import { useDocumentSearch } from './useDocumentSearch';
import { useElementSize } from './useElementSize';
import { useFullscreen } from './useFullscreen';
import { usePageTracking } from './usePageTracking';
import { usePanning } from './usePanning';
import { ViewerLoadingCard, ViewerUnavailable } from './ViewerStatus';
import { ViewerToolbar } from './ViewerToolbar';
import { initialViewerState, pageCommandForKey, pageFor, viewerReducer } from './viewerState';
import { effectiveZoom, rotatedSize } from './zoom';

interface ViewerShellProps {
  blob: Blob;
  documentName: string;
  /** Where the file can be downloaded from when it cannot be shown. */
  downloadUrl: string;
  onRetry: () => void;
  /** The first page's canvas has been painted; the document's page count. */
  onFirstPagePainted: (pageCount: number) => void;
  /** The PDF could not be parsed, or its first page not drawn. */
  onDisplayFailed: () => void;
}

/** The toolbar, the search bar and the pages of one loaded PDF. */
export function ViewerShell({
  blob,
  documentName,
  downloadUrl,
  onRetry,
  onFirstPagePainted,
  onDisplayFailed,
}: ViewerShellProps) {
  const { messages } = useI18n();
  const { notify } = useToasts();
  const texts = messages.viewer;
  const [state, dispatch] = useReducer(viewerReducer, undefined, () => initialViewerState());
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [geometries, setGeometries] = useState<PageGeometry[]>([]);
  const [searchOpen, setSearchOpen] = useState(false);
  const [propertiesOpen, setPropertiesOpen] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [pageFailed, setPageFailed] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const area = useElementSize(scrollRef);
  const fullscreen = useFullscreen(rootRef);
  const panning = usePanning(scrollRef, state.tool === 'hand');
  const search = useDocumentSearch(pdf);
  const onPageSeen = useCallback((page: number) => dispatch({ type: 'pageSeen', page }), []);
  const { near, register, scrollToPage } = usePageTracking(scrollRef, onPageSeen);

  const current = geometries[state.page - 1] ?? geometries[0];
  const shown = current ? rotatedSize(current, (current.rotate + state.rotation) % 360) : null;
  const zoom = effectiveZoom(state.zoom, shown, area);

  // Only a jump moves the view: the page alone also changes as the reader scrolls. The page it jumps to is
  // read from a ref (updated first, effects run in order), so scrolling does not re-run the jump.
  const jumpTarget = useRef(state.page);
  useLayoutEffect(() => {
    jumpTarget.current = state.page;
  });
  useLayoutEffect(() => {
    if (state.jump > 0) scrollToPage(jumpTarget.current);
  }, [state.jump, scrollToPage]);

  const { currentMatch } = search;
  useEffect(() => {
    if (currentMatch) dispatch({ type: 'navigate', page: currentMatch.page });
  }, [currentMatch]);

  // The view moves to a match once, when it becomes the current one and its highlight is placed.
  const matchToShow = useRef<typeof currentMatch>(null);
  useEffect(() => {
    matchToShow.current = currentMatch;
  }, [currentMatch]);
  const onCurrentHighlight = useCallback((page: number, mark: HTMLElement) => {
    const root = scrollRef.current;
    const match = matchToShow.current;
    if (!root || !match || match.page !== page) return;
    matchToShow.current = null;
    const rootBox = root.getBoundingClientRect();
    const box = mark.getBoundingClientRect();
    root.scrollTop += box.top - rootBox.top - rootBox.height / 3;
    root.scrollLeft += box.left - rootBox.left - rootBox.width / 3;
  }, []);

  const pageCount = pdf?.numPages ?? 0;
  // The first page counts as painted once its canvas, as shown, is drawn: a drawing made before the layout
  // settled is replaced at once by a blank canvas at the new zoom, which must be drawn in turn.
  const [firstPagePainted, setFirstPagePainted] = useState(false);
  useEffect(() => {
    if (pageCount > 0 && firstPagePainted) onFirstPagePainted(pageCount);
  }, [firstPagePainted, pageCount, onFirstPagePainted]);
  const onFirstPageError = useCallback(() => {
    setPageFailed(true);
    onDisplayFailed();
  }, [onDisplayFailed]);

  // Opened by pdf.js directly (not react-pdf's Document): its parsing may have started before this viewer
  // was drawn (pdfOpening.ts). The pages are react-pdf's, given the document.
  const opened = usePdfDocument(blob);
  // Before the browser paints, as the failure card below is drawn (see PdfViewer's report).
  useLayoutEffect(() => {
    if (opened.kind === 'failed') {
      // PDF load errors are only logged; the error card tells the reader.
      console.error('The PDF could not be loaded', opened.error);
      onDisplayFailed();
      return;
    }
    if (opened.kind !== 'ready') return;
    const loaded = opened.pdf;
    setPdf(loaded);
    dispatch({ type: 'loaded', pageCount: loaded.numPages });
    pageGeometries(loaded).then(setGeometries, (error: unknown) =>
      console.error('The pages could not be measured', error),
    );
  }, [opened, onDisplayFailed]);

  const commands = useMemo<ViewerCommands>(
    () => ({
      toggleSearch: () => setSearchOpen((open) => !open),
      toggleFullscreen: () => void fullscreen.toggle(),
      download: () => saveBlob(blob, documentName),
      print: () => {
        if (!pdf) return;
        setPrinting(true);
        printPdf(pdf)
          .catch((error: unknown) => {
            console.error('Printing failed', error);
            notify('danger', texts.printFailed);
          })
          .finally(() => setPrinting(false));
      },
      showProperties: () => setPropertiesOpen(true),
    }),
    [fullscreen, blob, documentName, pdf, notify, texts.printFailed],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.target !== event.currentTarget) return;
    const command = pageCommandForKey(event.key);
    if (!command) return;
    event.preventDefault();
    dispatch({ type: 'navigate', page: pageFor(command, state) });
  };

  return (
    <div ref={rootRef} className={`viewer viewer--${state.tool}`}>
      <ViewerToolbar
        state={state}
        zoom={zoom}
        dispatch={dispatch}
        commands={commands}
        searchOpen={searchOpen}
        fullscreen={fullscreen}
        printing={printing}
      />
      {searchOpen && (
        <SearchBar
          search={search}
          onClose={() => {
            setSearchOpen(false);
            search.setQuery('');
          }}
        />
      )}
      {printing && (
        <p className="viewer__notice" role="status">
          {texts.printPreparing}
        </p>
      )}
      <div
        ref={scrollRef}
        className="viewer__scroll"
        tabIndex={0}
        role="region"
        aria-label={interpolate(texts.region, { name: documentName })}
        onKeyDown={onKeyDown}
        {...panning}
      >
        {opened.kind === 'loading' && <ViewerLoadingCard />}
        {(opened.kind === 'failed' || pageFailed) && (
          <ViewerUnavailable onRetry={onRetry} downloadUrl={downloadUrl} documentName={documentName} />
        )}
        {opened.kind === 'ready' && (
          <PdfPages
            pdf={opened.pdf}
            geometries={geometries}
            zoom={zoom}
            rotation={state.rotation}
            scrollMode={state.scrollMode}
            near={near}
            register={register}
            highlights={search.highlights}
            onCurrentHighlight={onCurrentHighlight}
            onFirstPagePaintedChange={setFirstPagePainted}
            onFirstPageError={onFirstPageError}
          />
        )}
      </div>
      {pdf && (
        <PropertiesDialog
          open={propertiesOpen}
          onClose={() => setPropertiesOpen(false)}
          pdf={pdf}
          fileName={documentName}
          fileSize={blob.size}
          firstPage={geometries[0]}
        />
      )}
    </div>
  );
}
