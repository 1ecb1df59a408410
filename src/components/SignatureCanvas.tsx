import { Box, Button, HStack, Stack } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import SignaturePad from 'signature_pad';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { notify } from '../lib/notify';

/** SPEC §9: 800×300, line width 4, black, PNG at quality 1. */
export const SIGNATURE = { width: 800, height: 300, lineWidth: 4, color: '#000000', type: 'image/png', quality: 1 } as const;

export interface SignatureCanvasHandle {
  /** the PNG data URL, or null (with the warning) when nothing is drawn */
  generate(): string | null;
  clear(): void;
  isEmpty(): boolean;
}

export interface SignatureCanvasProps {
  onGenerate?: (dataUrl: string) => void;
  /** hide the built-in clear / generate buttons (drive it through the ref) */
  hideActions?: boolean;
}

/**
 * A signature pad (signature_pad: smooth pressure-like strokes from mouse, pen and touch). The
 * drawing surface is 800×300 and scales down to the screen width; generating with nothing drawn is
 * refused with 'Warning: Not Signned!' (SPEC §4, §8).
 */
export const SignatureCanvas = forwardRef<SignatureCanvasHandle, SignatureCanvasProps>(function SignatureCanvas({ onGenerate, hideActions }, ref) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // signature_pad maps pointer positions 1:1 to canvas pixels; the canvas is shown scaled to the
    // screen width, so scale the drawing to keep strokes under the finger. Registered first so it
    // runs before signature_pad's own pointerdown handler.
    const fitToDisplay = () => {
      const rect = element.getBoundingClientRect();
      if (rect.width > 0 && rect.height > 0) element.getContext('2d')?.setTransform(element.width / rect.width, 0, 0, element.height / rect.height, 0, 0);
    };
    element.addEventListener('pointerdown', fitToDisplay);
    const instance = new SignaturePad(element, {
      penColor: SIGNATURE.color,
      minWidth: SIGNATURE.lineWidth / 2,
      maxWidth: SIGNATURE.lineWidth,
      backgroundColor: 'rgba(0,0,0,0)',
    });
    pad.current = instance;
    return () => {
      element.removeEventListener('pointerdown', fitToDisplay);
      instance.off();
      pad.current = null;
    };
  }, []);

  const handle: SignatureCanvasHandle = {
    generate() {
      if (!pad.current || pad.current.isEmpty()) {
        notify.warning(t`Warning: Not Signned!`);
        return null;
      }
      const dataUrl = pad.current.toDataURL(SIGNATURE.type, SIGNATURE.quality);
      onGenerate?.(dataUrl);
      return dataUrl;
    },
    clear() {
      pad.current?.clear();
    },
    isEmpty() {
      return pad.current?.isEmpty() ?? true;
    },
  };
  useImperativeHandle(ref, () => handle);

  return (
    <Stack gap="2" width="full" maxW={`${SIGNATURE.width}px`}>
      <Box borderWidth="1px" borderRadius="md" bg="white" overflow="hidden">
        <canvas
          ref={canvas}
          width={SIGNATURE.width}
          height={SIGNATURE.height}
          style={{ display: 'block', width: '100%', height: 'auto', aspectRatio: `${SIGNATURE.width} / ${SIGNATURE.height}`, touchAction: 'none' }}
          aria-label={t`签名区域`}
          role="img"
        />
      </Box>
      {!hideActions && (
        <HStack justify="flex-end">
          <Button variant="outline" size="sm" minH="10" onClick={() => handle.clear()}>
            <Trans>清除</Trans>
          </Button>
          <Button colorPalette="brand" size="sm" minH="10" onClick={() => handle.generate()}>
            <Trans>生成签名</Trans>
          </Button>
        </HStack>
      )}
    </Stack>
  );
});
