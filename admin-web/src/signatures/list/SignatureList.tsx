import {
  DOCUMENT_TYPES,
  RISK_LEVELS,
  SIGNATURE_STATUSES,
  SIGNING_MODES,
  type SignatureRequestView,
  intlLocale,
} from '@esign/shared';
import { Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import {
  DataTable,
  DateField,
  FunctionField,
  type Identifier,
  List,
  SimpleList,
  SelectInput,
  TopToolbar,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import { ListSearchInput } from '../../lists/ListSearchInput';
import { asLocale } from '../../providers/locale';
import { SignatureStatusChip } from '../SignatureStatusChip';
import { NewSignatureButton } from './NewSignatureButton';
import { SignatureListEmpty } from './SignatureListEmpty';

function SignatureListActions() {
  return (
    <TopToolbar>
      <NewSignatureButton />
    </TopToolbar>
  );
}

function useFilters() {
  const translate = useTranslate();
  const choices = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ id: value, name: `${prefix}.${value}` }));
  return [
    <ListSearchInput key="q" source="q" alwaysOn placeholder={translate('app.signatures.search')} />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      sx={{ minWidth: 180 }}
      choices={choices(SIGNATURE_STATUSES, 'app.signature_status')}
    />,
    <SelectInput
      key="signingMode"
      source="signingMode"
      alwaysOn
      sx={{ minWidth: 180 }}
      choices={choices(SIGNING_MODES, 'app.signatures.signing_mode')}
    />,
    <SelectInput
      key="documentType"
      source="documentType"
      alwaysOn
      sx={{ minWidth: 180 }}
      choices={choices(DOCUMENT_TYPES, 'app.signatures.document_type')}
    />,
    // Requests sent with an AML form, by the risk level the form led to.
    <SelectInput
      key="amlRiskLevel"
      source="amlRiskLevel"
      sx={{ minWidth: 180 }}
      choices={choices(RISK_LEVELS, 'app.signature_details.aml_risk_level')}
    />,
  ];
}

function signatoryNames(request: SignatureRequestView): string {
  return [...request.signatories]
    .sort((a, b) => a.order - b.order)
    .map((signatory) => signatory.name)
    .join(', ');
}

/** « 1 / 2 signés »: how far the request has got, at a glance. */
function Progress({ request }: { request: SignatureRequestView }) {
  const translate = useTranslate();
  const signed = request.signatories.filter((signatory) => signatory.status === 'SIGNED').length;
  return translate('app.signatures.progress', { signed, total: request.signatories.length });
}

const pathOf = (id: Identifier) => `/signatures/${encodeURIComponent(String(id))}`;

/** On a phone: one line a request (title, status and progress, date), nothing wider than the screen. */
function PhoneList() {
  const [locale] = useLocaleState();
  const format = new Intl.DateTimeFormat(intlLocale(asLocale(locale)), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <SimpleList<SignatureRequestView>
      rowClick={(id) => pathOf(id)}
      primaryText={(request) => request.signatureTitle}
      secondaryText={(request) => (
        <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
          <SignatureStatusChip status={request.status} />
          <span>
            <Progress request={request} />
          </span>
        </Stack>
      )}
      tertiaryText={(request) => format.format(new Date(request.createdAt))}
    />
  );
}

/** `/signatures` (members): their requests, newest first, searchable by title or signatory. */
export function SignatureList() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={useFilters()}
      actions={<SignatureListActions />}
      empty={<SignatureListEmpty />}
      queryOptions={{
        onError: () => notify('app.signatures.notifications.fetch_list_failed', { type: 'error' }),
      }}
    >
      {phone ? (
        <PhoneList />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={(id) => pathOf(id)}>
          <DataTable.Col source="signatureTitle" />
          <DataTable.Col source="status">
            <FunctionField<SignatureRequestView>
              render={(row) => <SignatureStatusChip status={row.status} />}
            />
          </DataTable.Col>
          <DataTable.Col source="signatories" disableSort>
            <FunctionField<SignatureRequestView>
              render={(request) => (
                <>
                  {signatoryNames(request)}
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    component="span"
                    sx={{ display: 'block' }}
                  >
                    <Progress request={request} />
                  </Typography>
                </>
              )}
            />
          </DataTable.Col>
          <DataTable.Col source="signingMode">
            <FunctionField<SignatureRequestView>
              render={(row) => translate(`app.signatures.signing_mode.${row.signingMode}`)}
            />
          </DataTable.Col>
          <DataTable.Col source="documentName" />
          <DataTable.Col source="createdAt">
            <DateField
              source="createdAt"
              showTime
              locales={intlLocale(asLocale(locale))}
              options={{ dateStyle: 'medium', timeStyle: 'short' }}
            />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
