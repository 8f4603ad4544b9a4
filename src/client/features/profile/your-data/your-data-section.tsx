import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useErrorText } from '../form-parts';
import { DeleteAccountDialog } from './delete-account-dialog';
import { downloadMyData } from './your-data-api';

/** "Your data": download everything we hold about the customer, and delete the account (ADR 024). */
export function YourDataSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [downloading, setDownloading] = useState(false);

  const onDownload = async () => {
    setDownloading(true);
    try {
      await downloadMyData();
      toast({ title: t('profile.yourData.downloaded') });
    } catch (error) {
      toast({ title: t('profile.yourData.downloadFailed'), description: errorText(error), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card aria-labelledby="your-data-title" role="region" data-testid="your-data-section">
      <CardHeader>
        <CardTitle level={2} id="your-data-title">
          {t('profile.yourData.title')}
        </CardTitle>
        <CardDescription>{t('profile.yourData.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <p className="text-sm">{t('profile.yourData.downloadHint')}</p>
          <Button variant="outline" className="self-start" disabled={downloading} onClick={() => void onDownload()}>
            <Download className="size-4" aria-hidden="true" />
            {t(downloading ? 'profile.yourData.downloading' : 'profile.yourData.download')}
          </Button>
        </div>
        <div className="flex flex-col gap-2 border-t pt-6">
          <p className="text-sm">{t('profile.yourData.deleteHint')}</p>
          <DeleteAccountDialog
            userId={userId}
            trigger={
              <Button variant="destructive" className="self-start">
                <Trash2 className="size-4" aria-hidden="true" />
                {t('profile.yourData.delete')}
              </Button>
            }
          />
        </div>
      </CardContent>
    </Card>
  );
}
