/**
 * The request explorer as ../theme/ApiExplorer loads it: the `Buffer`
 * global its dependencies need, then the theme's ApiExplorer.
 */
import './buffer-global';
import type {ComponentType} from 'react';
import ApiExplorer from '@theme-init/ApiExplorer';

// The theme's components are untyped here; the wrapper passes its props on.
export default ApiExplorer as ComponentType<object>;
