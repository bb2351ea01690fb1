import { PLACEMENT_POSITIONS, type PlacementPosition, type SignatureSize } from '@esign/shared';
import { Box } from '@mui/material';
import { signatoryColour } from '../signatoryColours';
import { type SignatoryDraft } from '../signatoryList';

/** Marker widths in percent of the page, by signature size: an indication, not the exact stamp. */
const WIDTHS: Record<SignatureSize, number> = { small: 22, medium: 27, default: 31, large: 38 };
const HEIGHT = 9;
const MARGIN = 3;

interface PlacementOverlayProps {
  signatories: SignatoryDraft[];
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

function Marker({
  signatory,
  index,
  stack,
  width,
}: {
  signatory: SignatoryDraft;
  index: number;
  stack: number;
  width: number;
}) {
  const colour = signatoryColour(index);
  if (!signatory.placement) return null;
  return (
    <Box
      sx={{
        position: 'absolute',
        ...cornerStyle(signatory.placement.position, stack, width),
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
        {signatory.name}
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

/** The numbered, coloured boxes of the signatories placed on the page shown. */
export function PlacementOverlay({ signatories, page, size, onPlace }: PlacementOverlayProps) {
  const stacks = new Map<PlacementPosition, number>();
  return (
    <>
      {onPlace && <ClickZones onPlace={onPlace} />}
      {signatories.map((signatory, index) => {
        if (signatory.placement?.page !== page) return null;
        const stack = stacks.get(signatory.placement.position) ?? 0;
        stacks.set(signatory.placement.position, stack + 1);
        return (
          <Marker
            key={signatory.key}
            signatory={signatory}
            index={index}
            stack={stack}
            width={WIDTHS[size]}
          />
        );
      })}
    </>
  );
}
