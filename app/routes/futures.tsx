/** /futures (auth): the futures list with search, a link to the matching positions and live prices (docs/product.md#lists). */
import { instrumentListRoute } from "~/features/trading/list-route";

const route = instrumentListRoute("futures");
export const { handle, links, headers, loader } = route;
export default route.Page;
