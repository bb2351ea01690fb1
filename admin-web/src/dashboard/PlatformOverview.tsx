import { type DashboardOverview, type Locale } from '@esign/shared';
import {
  Card,
  CardContent,
  Grid,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatCount } from '../common/formatting';
import { StatCard } from './StatCard';

/** What administrators and group members see of the whole platform. */
export function PlatformOverview({ overview, locale }: { overview: DashboardOverview; locale: Locale }) {
  const translate = useTranslate();
  const figures: [string, number][] = [
    ['app.dashboard.signatures_realised', overview.signaturesRealised],
    ['app.dashboard.documents_signed', overview.documentsSigned],
    ['app.dashboard.active_members', overview.activeMembers],
    ['app.dashboard.deactivated_members', overview.deactivatedMembers],
  ];
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate('app.dashboard.overview')}
      </Typography>
      <Grid container spacing={2}>
        {figures.map(([label, value]) => (
          <Grid key={label} size={{ xs: 12, sm: 6, md: 3 }}>
            <StatCard label={translate(label)} value={formatCount(value, locale)} />
          </Grid>
        ))}
        <Grid size={12}>
          <Card component="section" aria-label={translate('app.dashboard.top_members')}>
            <CardContent>
              <Typography variant="subtitle1" component="h3" gutterBottom>
                {translate('app.dashboard.top_members')}
              </Typography>
              {overview.topMembers.length === 0 ? (
                <Typography color="text.secondary">{translate('app.dashboard.no_requests')}</Typography>
              ) : (
                // Its own horizontal scroll on a narrow phone, rather than the page's, reachable by keyboard.
                <TableContainer
                  tabIndex={0}
                  role="region"
                  aria-label={translate('app.dashboard.top_members')}
                >
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate('app.dashboard.member')}</TableCell>
                        <TableCell align="right">{translate('app.dashboard.requests')}</TableCell>
                        <TableCell align="right">{translate('app.dashboard.signed')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {overview.topMembers.map((member) => (
                        <TableRow key={member.id}>
                          <TableCell>{member.name}</TableCell>
                          <TableCell align="right">{formatCount(member.requests, locale)}</TableCell>
                          <TableCell align="right">{formatCount(member.signed, locale)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}
