/** The longest search the markets screen accepts (the form's maxLength and the loader's cut). */
export const MAX_QUERY_LENGTH = 40;
