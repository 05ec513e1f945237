/** /settings/real-name under review or approved: the stamp, the details read-only, the photos the customer sent. */
import { useTranslation } from "react-i18next";

import type { KycFigures } from "~/provider/wallet.server";
import { kycImageHref } from "~/utils/hrefs";

export function LockedRecord({ kyc }: { kyc: KycFigures }) {
  const { t } = useTranslation("wallet");
  return (
    <section className="card st-kyc st-kyc--locked" aria-labelledby="kyc-stamp">
      <p id="kyc-stamp" className={`st-stamp st-stamp--${kyc.status}`}>
        {t(kyc.status === 2 ? "realName.stamp.2" : "realName.stamp.1")}
      </p>
      <p className="field__hint">{t("realName.lockedNote")}</p>
      <div className="form">
        <div className="field">
          <label htmlFor="kyc-name">{t("realName.name")}</label>
          <input id="kyc-name" type="text" value={kyc.realName} readOnly />
        </div>
        <div className="field">
          <label htmlFor="kyc-type">{t("realName.idType")}</label>
          <input id="kyc-type" type="text" value={t(`realName.idTypeName.${kyc.idType}`)} readOnly />
        </div>
        <div className="field">
          <label htmlFor="kyc-number">{t("realName.idNumber")}</label>
          <input id="kyc-number" type="text" value={kyc.idNumber} readOnly />
        </div>
        <div className="st-kyc-photos">
          {kyc.front ? <img src={kycImageHref(kyc.front)} alt={t("realName.frontImage")} width={160} /> : null}
          {kyc.back ? <img src={kycImageHref(kyc.back)} alt={t("realName.backImage")} width={160} /> : null}
        </div>
      </div>
    </section>
  );
}
