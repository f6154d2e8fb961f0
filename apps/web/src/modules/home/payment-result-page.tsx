import { Link } from 'react-router';
import { useLocalization } from '#src/core/localization/i18n';
import type { LocalizableText } from '#src/core/localization/localizable';

interface PaymentResultProps {
  tone: 'success' | 'danger';
  title: LocalizableText;
  message: LocalizableText;
}

function PaymentResult({ tone, title, message }: PaymentResultProps) {
  const localize = useLocalization();
  return (
    <div className={`card border-${tone} app-payment-result`}>
      <div className="card-body text-center">
        <h1 className={`h3 text-${tone === 'success' ? 'success' : 'danger'}`}>
          {localize(title)}
        </h1>
        <p>{localize(message)}</p>
        <Link to="/home" className="btn btn-primary">
          {localize({ key: '::BackToHome', defaultValue: 'Back to home' })}
        </Link>
      </div>
    </div>
  );
}

/** /home/success: the payment went through. */
export function PaymentSuccessPage() {
  return (
    <PaymentResult
      tone="success"
      title={{ key: '::PaymentSuccessTitle', defaultValue: 'Payment completed' }}
      message={{
        key: '::PaymentSuccessMessage',
        defaultValue: 'Your payment was received. Thank you!',
      }}
    />
  );
}

/** /home/failure: the payment did not go through. */
export function PaymentFailurePage() {
  return (
    <PaymentResult
      tone="danger"
      title={{ key: '::PaymentFailureTitle', defaultValue: 'Payment not completed' }}
      message={{
        key: '::PaymentFailureMessage',
        defaultValue: 'Your payment could not be processed. No charge was made; please try again.',
      }}
    />
  );
}
