/** A stock screen's description (detail, chart, trading view): the stock's name and its code as shown. */
export const quoteMeta = ({ data }: { data?: { quote: { name: string; display: string } } }) =>
  data ? [{ name: "description", content: `${data.quote.name} (${data.quote.display})` }] : [];
