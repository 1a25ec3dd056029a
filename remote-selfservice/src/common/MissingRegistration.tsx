import { messages } from '../messages';
import { ErrorBanner, PageHeading, Stack, stackClass } from '@portal/shared/ui';
import { BackToSelfService } from './BackToSelfService';

/** A verification screen opened without the data of the registration step (reload, typed address). */
export function MissingRegistration({ title }: { title: string }) {
  return (
    <section className={stackClass('loose', 'portal-selfservice')}>
      <Stack gap="normal">
        <BackToSelfService />
        <PageHeading>{title}</PageHeading>
      </Stack>
      <ErrorBanner message={messages.registration.missingData} />
    </section>
  );
}
