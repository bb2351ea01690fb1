import { SmtpStandIn, TwilioStandIn } from '../support/provider-stand-ins';
import { checkCodeRedaction, checkWelcomeRedaction } from '../support/redaction-checks';
import { Cluster } from './support/cluster';
import { describeReliability } from './support/processes';

describeReliability(
  'secrets left out of the outbox once a real provider sent them (worker processes)',
  () => {
    const smtp = new SmtpStandIn();
    const twilio = new TwilioStandIn();
    let cluster: Cluster;

    beforeAll(async () => {
      await smtp.start();
      await twilio.start();
      cluster = await Cluster.start({ env: { ...smtp.settings(), ...twilio.settings() }, workers: [{}, {}] });
    });
    afterAll(async () => {
      await cluster?.stop();
      await smtp.stop();
      await twilio.stop();
    });

    it('keeps the welcome e-mail without its temporary password, and the code SMS without its code', () =>
      cluster.explain(async () => {
        const member = await checkWelcomeRedaction(cluster, smtp, 'redaction@agence-sud.lu');
        await checkCodeRedaction(cluster, smtp, twilio, member);
      }));
  },
);
