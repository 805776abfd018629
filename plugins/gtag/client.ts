import type {ClientModule} from '@docusaurus/types';
import globalData from '@generated/globalData';

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer: unknown[];
    gtag: Gtag;
  }
}

const {trackingId} = globalData['toolhive-gtag']!.default as {
  trackingId: string;
};

if (typeof window !== 'undefined') {
  window.dataLayer = window.dataLayer || [];
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself, as its loader expects.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer.push(arguments);
  };
  window.gtag('js', new Date());
  // Page views are sent on route changes below, not by the config call.
  window.gtag('config', trackingId, {anonymize_ip: true, send_page_view: false});
}

const clientModule: ClientModule = {
  onRouteDidUpdate({location, previousLocation}) {
    if (previousLocation && location.pathname === previousLocation.pathname) {
      return;
    }
    window.gtag('event', 'page_view', {
      page_title: document.title,
      page_location: window.location.href,
      page_path: location.pathname + location.search + location.hash,
    });
  },
};

export default clientModule;
