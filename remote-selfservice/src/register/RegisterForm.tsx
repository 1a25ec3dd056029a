import { api } from '../api/client';
import { portalConfigAtom } from '@portal/shared/config';
import { credentialTypeInfo } from '../common/credentialTypes';
import { messages } from '../messages';
import { paths, type RegistrationType } from '../paths';
import { loginNameAtom, userNameAtom } from '@portal/shared/session';
import { useAtomValue } from 'jotai';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from '@portal/shared/router';
import { serviceErrorText, unexpectedErrorText } from '../common/errorText';
import { ScreenStatus } from '../common/ScreenStatus';
import {
  Actions,
  Button,
  PageHeading,
  stackClass,
  useBusyIndicator,
  useFocusFirst,
  useSaying,
} from '@portal/shared/ui';
import { beginRegistration } from './beginRegistration';
import { TypeStep } from './TypeStep';
import { canSubmitRegistration, validateRegistration } from './validation';
import { ValueStep } from './ValueStep';
import '../common/selfservice.css';
import './register.css';

/** /register: step 1 chooses the type, step 2 takes its value; success opens /register/{type}. */
export function RegisterForm() {
  const navigate = useNavigate();
  const { vendorAccessName } = useAtomValue(portalConfigAtom);
  const serverUserName = useAtomValue(userNameAtom);
  const loginName = useAtomValue(loginNameAtom);
  const userName = serverUserName ?? loginName ?? '';
  const [step, setStep] = useState<1 | 2>(1);
  const [type, setType] = useState<RegistrationType | null>(null);
  const [value, setValue] = useState('');
  const [credentialId, setCredentialId] = useState('');
  const [touched, setTouched] = useState({ value: false, credentialId: false });
  const [busy, setBusy] = useState(false);
  const busyShown = useBusyIndicator(busy);
  const [error, setError] = useSaying();
  const firstRef = useRef<HTMLInputElement>(null);
  useFocusFirst(firstRef, true, step);

  const input = { type, value, credentialId };
  const errors = validateRegistration(input);
  const canSubmit = !busy && (step === 1 ? canSubmitType(type) : canSubmitRegistration(input));
  const typeName = type ? (credentialTypeInfo(type)?.registrationName(vendorAccessName) ?? type) : '';

  const chooseType = (next: RegistrationType) => {
    setType(next);
    setTouched({ value: false, credentialId: false });
  };

  const back = () => {
    if (step === 2 && !error) setStep(1);
    else navigate(paths.selfService);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit || !type) return;
    if (step === 1) {
      setStep(2);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await beginRegistration({ type, value, credentialId, userName }, api);
      if (result.ok) {
        navigate(result.data.path, { state: result.data.state });
        return;
      }
      const failure = result.error;
      setError(() => (failure.kind === 'malformed' ? failure.message : serviceErrorText(failure)));
    } catch (failure) {
      setError(() => unexpectedErrorText(failure));
    }
    setBusy(false);
  };

  return (
    <section className={stackClass('loose', 'portal-selfservice')} aria-busy={busyShown}>
      <PageHeading>{messages.registration.title}</PageHeading>
      <ScreenStatus shown={busyShown} error={error} />
      <form
        className={stackClass('loose', 'portal-register')}
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        {step === 1 || !type ? (
          <TypeStep
            type={type}
            vendorAccessName={vendorAccessName}
            onChange={chooseType}
            firstRef={firstRef}
          />
        ) : (
          <ValueStep
            type={type}
            typeName={typeName}
            value={value}
            credentialId={credentialId}
            errors={errors}
            touched={touched}
            onValue={(next) => {
              setValue(next);
              setTouched((previous) => ({ ...previous, value: true }));
            }}
            onCredentialId={(next) => {
              setCredentialId(next);
              setTouched((previous) => ({ ...previous, credentialId: true }));
            }}
            onTouch={(field) => setTouched((previous) => ({ ...previous, [field]: true }))}
            firstRef={firstRef}
          />
        )}
        <Actions>
          <Button onClick={back}>{messages.common.back}</Button>
          <Button type="submit" variant="primary" disabled={!canSubmit}>
            {messages.common.next}
          </Button>
        </Actions>
      </form>
    </section>
  );
}

function canSubmitType(type: RegistrationType | null): boolean {
  return type !== null && credentialTypeInfo(type)?.registrationDisabled === false;
}
