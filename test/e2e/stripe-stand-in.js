// A stand-in for Stripe.js, served by the tests at its real URL. It records how the app calls it;
// its "card element" is a plain input standing in for Stripe's iframe.
(function () {
  const calls = [];
  window.__stripeCalls = calls;
  function Stripe(publishableKey) {
    calls.push(['Stripe', publishableKey]);
    let input = null;
    return {
      _registerWrapper: function () {},
      elements: function () {
        return {
          create: function (type, options) {
            calls.push(['elements.create', type, options || null]);
            return {
              mount: function (target) {
                const host = typeof target === 'string' ? document.querySelector(target) : target;
                input = document.createElement('input');
                input.setAttribute('aria-label', 'Card number');
                input.setAttribute('autocomplete', 'off');
                host.appendChild(input);
                calls.push(['mount']);
              },
            };
          },
        };
      },
      createPaymentMethod: async function (params) {
        calls.push(['createPaymentMethod', { type: params.type, hasCard: Boolean(params.card), billing_details: params.billing_details }]);
        const digits = (input && input.value ? input.value : '').replace(/\D/g, '');
        if (digits === '4000000000000002') return { error: { message: 'Your card was declined.' } };
        if (digits === '4000002760003184') return { paymentMethod: { id: 'pm_card_threeDSecure2Required' } };
        if (digits.length < 15) return { error: { message: 'Your card number is incomplete.' } };
        return { paymentMethod: { id: 'pm_1StandInCard' + digits.slice(-4) } };
      },
      // The test decides how the service set the intent up: window.__confirmationMethod, 'manual' unless set.
      retrievePaymentIntent: async function (clientSecret) {
        calls.push(['retrievePaymentIntent', clientSecret]);
        return {
          paymentIntent: {
            id: clientSecret.split('_secret_')[0],
            status: 'requires_action',
            confirmation_method: window.__confirmationMethod || 'manual',
          },
        };
      },
      handleCardAction: function (clientSecret) {
        calls.push(['handleCardAction', clientSecret]);
        // Stripe throws for an intent it confirms itself; so does the stand-in.
        if ((window.__confirmationMethod || 'manual') !== 'manual')
          return Promise.resolve({
            error: { message: 'handleCardAction: this PaymentIntent has confirmation_method automatic; use handleNextAction.' },
          });
        return new Promise(function (resolve) {
          window.__finishCardAction = resolve;
        });
      },
      handleNextAction: function (options) {
        calls.push(['handleNextAction', options.clientSecret]);
        return new Promise(function (resolve) {
          window.__finishCardAction = resolve;
        });
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
