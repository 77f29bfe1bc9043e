/** An image read through an authenticated call (it has no public address), as its type and base64 bytes. */
export interface PrivateImageData {
  contentType: string;
  data: string;
}

/**
 * A thumbnail of an image read with the reader's session (a support conversation's): a box with the image's name
 * while it loads, then the image, which opens whole in a new tab and downloads as `image-<number>`. Each app reads
 * the bytes with its own client and styles the box with `className`.
 */
export function PrivateImage({
  image,
  alt,
  number,
  className,
}: {
  image: PrivateImageData | undefined;
  alt: string;
  /** Its place among the message's images, from 1 (the download's name). */
  number: number;
  className: string;
}) {
  if (!image) return <span className={`${className} is-loading`} role="img" aria-label={alt} />;
  const src = `data:${image.contentType};base64,${image.data}`;
  return (
    <a className={className} href={src} target="_blank" rel="noreferrer" download={`image-${number}`}>
      <img src={src} alt={alt} />
    </a>
  );
}
