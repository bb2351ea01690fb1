import { PLACEMENT_POSITIONS, type PlacementPosition, type SignatureSize } from '@esign/shared';
import { Box } from '@mui/material';
import { signatoryColour } from '../signatoryColours';
import { type SignatoryDraft } from '../signatoryList';

/** Marker widths in percent of the page, by signature size: an indication, not the exact stamp. */
const WIDTHS: Record<SignatureSize, number> = { small: 22, medium: 27, default: 31, large: 38 };
const HEIGHT = 9;
const MARGIN = 3;

/** A party's frame on the page shown, in percent of the page from its bottom left corner. */
export interface FrameMarker {
  key: string;
  /** The signatory's place in the list, for its number and colour. */
  index: number;
  name: string;
  left: number;
  bottom: number;
  width: number;
  height: number;
}

interface PlacementOverlayProps {
  signatories: SignatoryDraft[];
  /** The frames printed on this page for the parties of a generated document. */
  frames?: FrameMarker[];
  page: number;
  size: SignatureSize;
  /** Clicking a quarter of the page places this signatory there (the page and corner controls do the same). */
  onPlace?: (position: PlacementPosition) => void;
}

function cornerStyle(position: PlacementPosition, stack: number, width: number) {
  const [vertical, horizontal] = position.split('-') as ['top' | 'bottom', 'left' | 'right'];
  const offset = `${MARGIN + stack * (HEIGHT + 1)}%`;
  return { [vertical]: offset, [horizontal]: `${MARGIN}%`, width: `${width}%`, height: `${HEIGHT}%` };
}

function Marker({ index, name, place }: { index: number; name: string; place: Record<string, string> }) {
  const colour = signatoryColour(index);
  return (
    <Box
      sx={{
        position: 'absolute',
        ...place,
        border: 2,
        borderColor: colour,
        bgcolor: `${colour}26`,
        borderRadius: 1,
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: 0.5,
        overflow: 'hidden',
        pointerEvents: 'none',
      }}
    >
      <Box
        sx={{
          bgcolor: colour,
          color: '#fff',
          borderRadius: '50%',
          minWidth: 22,
          height: 22,
          fontSize: 13,
          display: 'grid',
          placeItems: 'center',
          fontWeight: 700,
        }}
      >
        {index + 1}
      </Box>
      <Box
        sx={{
          fontSize: 12,
          color: '#000',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {name}
      </Box>
    </Box>
  );
}

function ClickZones({ onPlace }: { onPlace: (position: PlacementPosition) => void }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        gridTemplateColumns: '1fr 1fr',
        gridTemplateRows: '1fr 1fr',
      }}
    >
      {PLACEMENT_POSITIONS.map((position) => (
        // Pointer convenience only: keyboard and screen-reader users have the page and corner fields.
        <Box
          key={position}
          onClick={() => onPlace(position)}
          sx={{ cursor: 'crosshair', '&:hover': { bgcolor: 'rgba(25, 118, 210, 0.08)' } }}
        />
      ))}
    </Box>
  );
}

const percent = (value: number) => `${value}%`;

/** The numbered, coloured boxes of the signatories placed on the page shown, and of the parties' frames. */
export function PlacementOverlay({ signatories, frames = [], page, size, onPlace }: PlacementOverlayProps) {
  const stacks = new Map<PlacementPosition, number>();
  return (
    <>
      {onPlace && <ClickZones onPlace={onPlace} />}
      {frames.map((frame) => (
        <Marker
          key={frame.key}
          index={frame.index}
          name={frame.name}
          place={{
            left: percent(frame.left),
            bottom: percent(frame.bottom),
            width: percent(frame.width),
            height: percent(frame.height),
          }}
        />
      ))}
      {signatories.map((signatory, index) => {
        if (signatory.placement?.page !== page) return null;
        const stack = stacks.get(signatory.placement.position) ?? 0;
        stacks.set(signatory.placement.position, stack + 1);
        return (
          <Marker
            key={signatory.key}
            index={index}
            name={signatory.name}
            place={cornerStyle(signatory.placement.position, stack, WIDTHS[size])}
          />
        );
      })}
    </>
  );
}
