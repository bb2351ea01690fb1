import { Card, CardContent, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';

interface StatCardProps {
  label: string;
  value: string;
  hint?: ReactNode;
  colour?: string;
}

/** One figure with its label; a labelled region, so it can be found (and read) by its name. */
export function StatCard({ label, value, hint, colour }: StatCardProps) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={id} variant="subtitle2" color="text.secondary" component="h3">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ color: colour, fontWeight: 600 }} data-figure>
          {value}
        </Typography>
        {hint && (
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
