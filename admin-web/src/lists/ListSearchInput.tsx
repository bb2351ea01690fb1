import { SEARCH_MIN_LENGTH } from '@esign/shared';
import { Box, Typography } from '@mui/material';
import { SearchInput, type SearchInputProps, useListContext, useTranslate } from 'react-admin';

/**
 * A list's search box that says when the text is too short to search (the API ignores fewer than two
 * characters). The filter form hides an input's own helper text, so the hint is written under it here.
 */
export function ListSearchInput(props: SearchInputProps) {
  const translate = useTranslate();
  const filterValues = useListContext().filterValues as Record<string, unknown>;
  const value = filterValues[props.source];
  const tooShort =
    typeof value === 'string' && value.trim().length > 0 && value.trim().length < SEARCH_MIN_LENGTH;
  return (
    <Box>
      <SearchInput {...props} />
      {/* Not a FormHelperText: the filter form hides those to keep its inputs aligned. */}
      <Typography role="status" variant="caption" component="p" color="text.secondary" sx={{ mx: 1.5 }}>
        {tooShort ? translate('app.search_min_length', { count: SEARCH_MIN_LENGTH }) : ''}
      </Typography>
    </Box>
  );
}
