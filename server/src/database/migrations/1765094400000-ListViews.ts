import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** An instant as Date.prototype.toISOString writes it (UTC, milliseconds), or null. */
const iso = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Each request and each signatory keeps its list view as JSON text, written by a trigger from the row
 * itself whenever the row is written, so the request list reads views instead of building 25 of them, with
 * their dates, on every call (the list is read far more often than requests change). A signatory keeps its
 * whole view (`signatory.list_view`); a request keeps its view's members without the enclosing braces
 * (`signature_request.list_view_fields`), since the list adds members to it: written as compact JSON
 * (row_to_json), as the API writes it.
 *
 * What a view holds comes from its own row only: no trigger reads or locks another row, so no write takes
 * a lock it did not take before. What depends on other rows or on the moment (the signatories, the page
 * count, the owner's name, the decline with the decliner's name, whether a reminder can be sent now) is
 * added by the list's statement when it reads (signature-list-page.ts). The views are the API's
 * SignatoryView and SignatureRequestView (signature-view.ts); the list's tests compare every listed request
 * with its own view in every state. Changing a view's shape is a migration that replaces these functions
 * and rewrites the columns (`UPDATE … SET list_view = NULL` runs the trigger on every row).
 */
export class ListViews1765094400000 implements MigrationInterface {
  name = 'ListViews1765094400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE signatory ADD COLUMN list_view text`);
    await queryRunner.query(`ALTER TABLE signature_request ADD COLUMN list_view_fields text`);
    await queryRunner.query(`
      CREATE FUNCTION signatory_list_view() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT row_to_json(v)::text INTO NEW.list_view
          FROM (SELECT NEW.id AS "signatoryId", NEW.name AS "name", NEW.email AS "email", NEW.mobile AS "mobile",
                       NEW.sign_order AS "order",
                       (SELECT row_to_json(p) FROM (SELECT NEW.placement_page AS "page",
                                                           NEW.placement_position AS "position") p) AS "placement",
                       NEW.party AS "party", NEW.role AS "role", NEW.status AS "status",
                       ${iso('NEW.invited_at')} AS "invitedAt", ${iso('NEW.signed_at')} AS "signedAt",
                       NEW.location AS "location", ${iso('NEW.last_reminded_at')} AS "lastRemindedAt",
                       ${iso('NEW.declined_at')} AS "declinedAt") v;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION signature_request_list_view() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        view text;
      BEGIN
        SELECT row_to_json(v)::text INTO view
          FROM (SELECT NEW.id AS "id", NEW.status AS "status", NEW.title AS "signatureTitle",
                       NEW.document_name AS "documentName", NEW.document_type AS "documentType",
                       NEW.document_id AS "documentId", NEW.template_type AS "templateType",
                       NEW.signing_mode AS "signingMode", NEW.signing_flow AS "signingFlow",
                       NEW.signature_size AS "signatureSize", NEW.seal_page AS "sealPage",
                       NEW.seal_size AS "sealSize", NEW.language AS "language",
                       ${iso('NEW.created_at')} AS "createdAt", ${iso('NEW.updated_at')} AS "updatedAt",
                       ${iso('NEW.sent_at')} AS "sentAt", ${iso('NEW.completed_at')} AS "completedAt",
                       ${iso('NEW.sealed_at')} AS "sealedAt", ${iso('NEW.cancelled_at')} AS "cancelledAt",
                       ${iso('NEW.expires_at')} AS "expiresAt", ${iso('NEW.expired_at')} AS "expiredAt",
                       NEW.aml_risk AS "amlRisk") v;
        NEW.list_view_fields := substr(view, 2, length(view) - 2);
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER signatory_list_view BEFORE INSERT OR UPDATE ON signatory
      FOR EACH ROW EXECUTE FUNCTION signatory_list_view()`);
    await queryRunner.query(`
      CREATE TRIGGER signature_request_list_view BEFORE INSERT OR UPDATE ON signature_request
      FOR EACH ROW EXECUTE FUNCTION signature_request_list_view()`);
    await queryRunner.query(`UPDATE signatory SET list_view = NULL`);
    await queryRunner.query(`UPDATE signature_request SET list_view_fields = NULL`);
    await queryRunner.query(`ALTER TABLE signatory ALTER COLUMN list_view SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE signature_request ALTER COLUMN list_view_fields SET NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER signature_request_list_view ON signature_request');
    await queryRunner.query('DROP TRIGGER signatory_list_view ON signatory');
    await queryRunner.query('DROP FUNCTION signature_request_list_view');
    await queryRunner.query('DROP FUNCTION signatory_list_view');
    await queryRunner.query('ALTER TABLE signature_request DROP COLUMN list_view_fields');
    await queryRunner.query('ALTER TABLE signatory DROP COLUMN list_view');
  }
}
