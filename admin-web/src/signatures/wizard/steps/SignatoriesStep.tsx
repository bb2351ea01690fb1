import { MAX_SIGNATORIES, isValidEmail, normalizeMobile } from '@esign/shared';
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { moveButtonIdOf, signatoryFieldId, wizardFieldId } from '../fieldIds';
import { newSignatoryKey } from '../signatoryList';
import { type StepProps } from '../stepProps';
import { visuallyHidden } from '../../visuallyHidden';
import { useErrorText } from '../useErrorText';
import { type SignatoryField } from '../wizardState';
import { SignatoryCard } from './SignatoryCard';

function useAnnouncements(keys: string[]): Announcements {
  const translate = useTranslate();
  const position = (id: string | number | undefined) => keys.indexOf(String(id)) + 1;
  const t = (key: string, options: Record<string, unknown> = {}) =>
    translate(`app.signature_wizard.signatories.${key}`, options);
  return {
    onDragStart: ({ active }) => t('drag_started', { number: position(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('drag_over', { number: position(active.id), position: position(over.id) }) : undefined,
    onDragEnd: ({ over }) => (over ? t('drag_ended', { position: position(over.id) }) : undefined),
    onDragCancel: () => t('drag_cancelled'),
  };
}

/** The button to keep the focus on after a move: the same one, unless the move just disabled it. */
function moveButtonId(key: string, to: number, count: number, up: boolean): string {
  if (up) return moveButtonIdOf(key, to === 0 ? 'down' : 'up');
  return moveButtonIdOf(key, to === count - 1 ? 'up' : 'down');
}

/** Checks one field as the member leaves it, so a wrong e-mail or mobile shows before the next step. */
function blurError(field: SignatoryField, value: string): string | undefined {
  if (!value.trim() || field === 'role') return undefined;
  if (field === 'email' && !isValidEmail(value.trim())) return 'validation.email';
  if (field === 'mobile' && !normalizeMobile(value)) return 'validation.mobile';
  return undefined;
}

/** Step: who signs, in which order (drag and drop, keyboard included, or the up and down buttons). */
export function SignatoriesStep({ state, dispatch }: StepProps) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const [focusKey, setFocusKey] = useState<{ key: string; element: string } | null>(null);
  const [moved, setMoved] = useState('');
  const keys = state.signatories.map((signatory) => signatory.key);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements = useAnnouncements(keys);
  const full = state.signatories.length >= MAX_SIGNATORIES;
  // On a generated document the parties sign; anyone added is an extra (a witness, an interpreter).
  const generated = state.document?.documentType === 'TEMPLATE';
  const t = (key: string) => translate(`app.signature_wizard.signatories.${key}`);

  // Reordering moves DOM nodes, which can drop the focus: it is put back where the member was.
  useEffect(() => {
    if (focusKey) document.getElementById(focusKey.element)?.focus();
  }, [focusKey]);

  const move = (from: number, to: number, element?: string) => {
    const signatory = state.signatories[from];
    if (!signatory || to < 0 || to >= state.signatories.length) return;
    dispatch({ type: 'moveSignatory', from, to });
    setMoved(
      translate('app.signature_wizard.signatories.moved', {
        name: signatory.name.trim() || translate('app.signature_wizard.signatories.unnamed'),
        position: to + 1,
      }),
    );
    if (element) setFocusKey({ key: signatory.key, element });
  };

  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  };

  const add = () => {
    const key = newSignatoryKey();
    dispatch({ type: 'addSignatory', key });
    setFocusKey({ key, element: signatoryFieldId(key, 'name') });
  };

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t(generated ? 'intro_parties' : 'intro')}</Typography>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={dragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable: translate('app.signature_wizard.signatories.drag_instructions'),
          },
        }}
      >
        <SortableContext items={keys} strategy={verticalListSortingStrategy}>
          <Stack
            component="ol"
            spacing={2}
            sx={{ p: 0, m: 0 }}
            id={wizardFieldId('signatories')}
            tabIndex={-1}
          >
            {state.signatories.map((signatory, index) => {
              const path = (field: SignatoryField | 'party') => state.errors[`signatories.${index}.${field}`];
              return (
                <SignatoryCard
                  key={signatory.key}
                  signatory={signatory}
                  index={index}
                  count={state.signatories.length}
                  generated={generated}
                  errors={{
                    name: errorText(path('name')),
                    email: errorText(path('email')),
                    mobile: errorText(path('mobile')),
                    role: errorText(path('role') ?? path('party')),
                  }}
                  onEditForm={() => dispatch({ type: 'goTo', step: 'details' })}
                  onChange={(field, value) =>
                    dispatch({ type: 'updateSignatory', key: signatory.key, field, value })
                  }
                  onBlur={(field) => {
                    const error = blurError(field, signatory[field]);
                    if (error)
                      dispatch({
                        type: 'setErrors',
                        errors: { ...state.errors, [`signatories.${index}.${field}`]: error },
                      });
                  }}
                  onMove={(to) =>
                    move(index, to, moveButtonId(signatory.key, to, state.signatories.length, to < index))
                  }
                  onRemove={() => {
                    dispatch({ type: 'removeSignatory', key: signatory.key });
                    setFocusKey({ key: signatory.key, element: wizardFieldId('signatories') });
                  }}
                />
              );
            })}
          </Stack>
        </SortableContext>
      </DndContext>
      <Box role="status" sx={visuallyHidden}>
        {moved}
      </Box>
      <Box>
        <Button variant="outlined" startIcon={<PersonAddIcon />} disabled={full} onClick={add}>
          {t(generated ? 'add_extra' : 'add')}
        </Button>
        {full && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('app.signature_wizard.signatories.max_reached')}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
